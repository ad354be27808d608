/**
 * Every text of the storefront spec that users see, written once. The web app shows these and the
 * server checks against them; spellings are part of the contract (docs/product-rules.md, section 1).
 */
export const validationMessages = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Please Provide A Valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Of course, you have to give a password greater than 6 digits',
  nameRequired: 'Name is Required',
  photoUrlRequired: 'Phot Url is Required',
  orderQuantityRequired: 'Order Quantity is Required',
  orderQuantityBelowMinimum: (minimum: number) => `You Must Order a Minimum of ${minimum} products`,
  orderQuantityAboveStock: 'You cannot order more than our stock',
  phoneNumberRequired: 'Phon Number is Required',
  feedbackRequired: 'Feedback is Required',
  ratingRequired: 'Ratting is Required',
  ratingTooLow: 'Rattings cannot be less than 1',
  ratingTooHigh: 'Ratings cannot be larger than 5',
  educationRequired: 'Education is Required',
  locationRequired: 'Location is Required',
  linkedInRequired: 'LinkedIn is Required',
  minimumQuantityRequired: 'Minimum Quantity is Required',
  availableQuantityRequired: 'Available Qantity is Required',
  quantityBelowOne: 'You Must add a Minimum products',
  priceRequired: 'Price is Required',
  priceTooLow: 'The price of the product cannot be less than 1 ray',
  pictureRequired: 'picture is Required',
} as const;

export const toastMessages = {
  orderConfirmed: 'Your Order Confirmed',
  orderDeleted: 'Delete',
  productDeleted: 'DELETE',
  productAdded: 'Product Added',
  /** Beyond the spec: Edit Product's save. */
  productSaved: 'Changes saved',
  reviewThanks: 'Thank For The Feedback',
  profileUpdated: 'Update Your Profile',
  adminAdded: 'Successfully Add Admin',
  adminFailed: 'Fail To Make An Admin',
} as const;

// In a module of its own, so that a page that shows texts downloads no error messages.
export { pageTexts } from './page-texts.js';

/** Plain words for the identity library's error codes (docs/product-rules.md, section 2). */
export const authErrorMessages = {
  wrongCredentials: 'Wrong e-mail or password',
  emailTaken: 'That e-mail is already registered',
  googleNotConfigured: 'Google sign-in is not set up for this store',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  generic: 'Something went wrong. Please try again.',
} as const;
