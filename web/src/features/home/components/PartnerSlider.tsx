import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';

export const PARTNER_AUTOPLAY_MS = 2000;

const logos = [
  { src: '/images/partners/apex-friction.svg', name: 'Apex Friction' },
  { src: '/images/partners/ridgeline-moto.svg', name: 'Ridgeline Moto Components' },
  { src: '/images/partners/torque-works.svg', name: 'TorqueWorks CNC Machining' },
];
/** Three logos across six slides, as the spec's partner strip. */
const slides = [...logos, ...logos];

/**
 * Embla animates with its own physics rather than a CSS easing; `duration` 40 is its slowest smooth
 * glide, the nearest it offers to the spec's 2000 ms linear scroll (docs/decisions/0003).
 */
export default function PartnerSlider() {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, slidesToScroll: 1, align: 'start', duration: 40 }, [
    Autoplay({ delay: PARTNER_AUTOPLAY_MS, stopOnInteraction: false }),
  ]);
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  useEffect(() => {
    if (!emblaApi) return;
    const update = () => {
      setSnaps(emblaApi.scrollSnapList());
      setSelected(emblaApi.selectedScrollSnap());
    };
    update();
    emblaApi.on('select', update).on('reInit', update);
    return () => {
      emblaApi.off('select', update).off('reInit', update);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return (
    // The carousel is the Partners section around it (named by its heading); a plain div takes no name.
    <>
      <div ref={emblaRef}>
        <div className="partners-track">
          {slides.map((logo, index) => (
            <div
              className="partners-slide"
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <img src={logo.src} alt={logo.name} width={300} height={120} loading="lazy" />
            </div>
          ))}
        </div>
      </div>
      <div className="d-flex justify-content-center mt-3">
        {snaps.map((_, index) => (
          <button
            key={index}
            type="button"
            className={`partners-dot${index === selected ? ' active' : ''}`}
            aria-label={`Show partner slide ${index + 1}`}
            aria-current={index === selected}
            onClick={() => scrollTo(index)}
          />
        ))}
      </div>
    </>
  );
}
