import { PageTitle } from '../components/PageTitle';
import { Banner } from '../features/home/components/Banner';
import { Partners } from '../features/home/components/Partners';
import { OurParts } from '../features/products/components/OurParts';
import { Testimonials } from '../features/reviews/components/Testimonials';

export function Component() {
  return (
    <>
      <PageTitle title="Motorcycle brake and aftermarket parts" />
      <Banner />
      <div className="container">
        <OurParts />
        <Testimonials />
        <Partners />
      </div>
    </>
  );
}
