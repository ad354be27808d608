import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { pageTexts } from '@contract/page-texts';

export const BANNER_INTERVAL_MS = 5000;
/** The home page's bike picker, which the banner's call to action leads to. */
export const FIND_PARTS_ID = 'find-parts';

const slides = [
  { image: '/images/banners/banner-1.svg', alt: 'Semi-floating wave brake disc with a gold carrier' },
  { image: '/images/banners/banner-2.svg', alt: 'Red radial four-piston brake caliper' },
  { image: '/images/banners/banner-3.svg', alt: 'A pair of sintered brake pads' },
];

/**
 * Spec 9: a fading carousel, 5000 ms a slide, paused while hovered, arrow keys when focused, and
 * wrapping around. Bootstrap's carousel markup and styles, driven by one state: react-bootstrap's
 * Carousel brought 7 KB gzip of transition code into the home page's first download. Each slide's
 * text comes before its picture: on a phone it stands above it (_home.scss), and is read first.
 */
export function Banner() {
  const [active, setActive] = useState(0);
  const [leaving, setLeaving] = useState<number | undefined>();
  const [paused, setPaused] = useState(false);

  const show = useCallback(
    (next: number) => {
      const target = (next + slides.length) % slides.length;
      if (target === active) return;
      setLeaving(active);
      setActive(target);
    },
    [active],
  );

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => show(active + 1), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, paused, show]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(active - 1);
    else if (event.key === 'ArrowRight') show(active + 1);
  };

  return (
    <section
      className="banner carousel slide"
      tabIndex={0}
      aria-label="Featured parts"
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onKeyDown={onKeyDown}
    >
      <div className="carousel-indicators">
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            className={index === active ? 'active' : undefined}
            aria-current={index === active}
            aria-label={`Slide ${index + 1}`}
            onClick={() => show(index)}
          />
        ))}
      </div>
      <div className="carousel-inner">
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            className={`carousel-item${index === active ? ' active' : index === leaving ? ' leaving' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== active}
            // The slide fading out is still drawn: its link must not take the focus meanwhile.
            inert={index !== active}
            onAnimationEnd={() => setLeaving((current) => (current === index ? undefined : current))}
          >
            <div className="carousel-caption">
              {index === 0 ? <h1 className="h2">{pageTexts.bannerHeading}</h1> : <h2>{pageTexts.bannerHeading}</h2>}
              <p>{pageTexts.bannerSubtext}</p>
              <a className="btn btn-primary btn-lg" href={`#${FIND_PARTS_ID}`}>
                {pageTexts.bannerCallToAction}
              </a>
            </div>
            <img
              src={slide.image}
              alt={slide.alt}
              width={1600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
          </div>
        ))}
      </div>
      <button className="carousel-control-prev" type="button" onClick={() => show(active - 1)}>
        <span className="carousel-control-prev-icon" aria-hidden="true" />
        <span className="visually-hidden">Previous</span>
      </button>
      <button className="carousel-control-next" type="button" onClick={() => show(active + 1)}>
        <span className="carousel-control-next-icon" aria-hidden="true" />
        <span className="visually-hidden">Next</span>
      </button>
    </section>
  );
}
