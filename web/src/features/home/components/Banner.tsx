import Carousel from 'react-bootstrap/Carousel';
import { pageTexts } from '@contract/messages';

export const BANNER_INTERVAL_MS = 5000;

const slides = [
  { image: '/images/banners/banner-1.svg', alt: 'Semi-floating wave brake disc with a gold carrier' },
  { image: '/images/banners/banner-2.svg', alt: 'Red radial four-piston brake caliper' },
  { image: '/images/banners/banner-3.svg', alt: 'A pair of sintered brake pads' },
];

export function Banner() {
  return (
    <Carousel
      as="section"
      tabIndex={0}
      className="banner"
      fade
      interval={BANNER_INTERVAL_MS}
      pause="hover"
      keyboard
      wrap
      aria-label="Featured parts"
    >
      {slides.map((slide, index) => (
        <Carousel.Item key={slide.image}>
          <img
            src={slide.image}
            alt={slide.alt}
            width={1600}
            height={600}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
          />
          <Carousel.Caption>
            {index === 0 ? <h1 className="h2">{pageTexts.bannerHeading}</h1> : <h2>{pageTexts.bannerHeading}</h2>}
            <p>{pageTexts.bannerSubtext}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
