import { lazy } from 'react';
import { PageTitle } from '../components/PageTitle';
import { WhenNear } from '../components/WhenNear';
import { useAuth } from '../features/auth/auth-context';
import { Banner, FIND_PARTS_ID } from '../features/home/components/Banner';
import { Partners } from '../features/home/components/Partners';
import { OurParts } from '../features/products/components/OurParts';
import { Testimonials } from '../features/reviews/components/Testimonials';

/** Below the newest parts: its code loads as the visitor scrolls towards it (decision 0013). */
const BikePicker = lazy(() =>
  import('../features/catalogue/components/BikePicker').then((module) => ({ default: module.BikePicker })),
);

export function Component() {
  const auth = useAuth();
  return (
    <>
      <PageTitle title="Motorcycle brake and aftermarket parts" />
      <Banner />
      <div className="container">
        <OurParts />
        <div id={FIND_PARTS_ID} className="find-parts">
          <WhenNear placeholder={<div className="bike-picker-placeholder" />}>
            <BikePicker signedIn={auth.status === 'signedIn'} />
          </WhenNear>
        </div>
        <Testimonials />
        <Partners />
      </div>
    </>
  );
}
