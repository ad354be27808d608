import { lazy } from 'react';
import { pageTexts } from '@contract/page-texts';
import { WhenNear } from '../../../components/WhenNear';

/** The slider and its carousel library load as the visitor scrolls towards them (the strip ends the page). */
const PartnerSlider = lazy(() => import('./PartnerSlider'));

export function Partners() {
  return (
    <section aria-labelledby="our-partners" aria-roledescription="carousel" className="partners">
      <h2 id="our-partners" className="section-title">
        {pageTexts.ourPartners}
      </h2>
      <WhenNear placeholder={<div className="partners-placeholder" />}>
        <PartnerSlider />
      </WhenNear>
    </section>
  );
}
