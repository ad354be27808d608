/** The storefront's page texts, as the spec words them; re-exported by messages.ts. */
export const pageTexts = {
  bannerHeading: 'Your One-Stop Motorcycle Aftermarket Parts Supplier',
  bannerSubtext:
    'We make custom motorcycle brake and aftermarket parts that match what riders and workshops need on the market today.',
  /** Beyond the spec: the banner's button to the bike picker on the home page. */
  bannerCallToAction: 'Find parts for your bike',
  ourParts: 'Our Parts',
  testimonials: 'TESTIMONIALS',
  ourPartners: 'Our Partners',
  buyNow: 'Buy Now',
  notFoundCode: '404',
  notFoundText: "Sorry, we can't find that page! Don't worry though, everything is STILL AWESOME!",
  goBack: 'Go Back',
  loading: 'Loading...',
  contactUs: 'Contact Us',
  shopDescription:
    'We sell brake pads, disks and accessories for motorcycles, and we make custom brake parts to order.',
  confirmDelete: 'Do you want to Delete?',
  paymentConfirmed: 'Your payment Confirm',
  paid: 'Paid',
} as const;
