/**
 * Every text of the storefront spec that users see, written once. The web app shows these and the
 * server checks against them; spellings are part of the contract (see decisions.md, section 1).
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
  reviewThanks: 'Thank For The Feedback',
  profileUpdated: 'Update Your Profile',
  adminAdded: 'Successfully Add Admin',
  adminFailed: 'Fail To Make An Admin',
} as const;

// In a module of its own, so that a page that shows texts downloads no error messages.
export { pageTexts } from './page-texts.js';

/** Messages of our own (not in the spec) that the API answers with. */
export const apiMessages = {
  productNotFound: 'No product with that id',
  invalidId: 'That id is not valid',
  routeNotFound: 'No API route matches this request',
  malformedUrl: 'This URL is not valid (a % must start a two-digit hex code)',
  urlPartTooLong: 'A part of this URL is too long',
  unsupportedContentEncoding: 'The body is compressed in a way the store cannot read (use gzip, deflate or br)',
  nulCharacter: 'Text cannot contain the NUL character (\\u0000)',
  internalError: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  databaseUnavailable: "The store's database is not answering. Please try again in a moment.",
  signInRequired: 'Please sign in',
  tokenInvalid: 'Your sign-in has expired. Please sign in again.',
  sessionRequired: 'Sign in first, then ask for a token',
  sessionEmailMismatch: 'You can only get a token for the e-mail you signed in with',
  bodyEmailMismatch: 'The e-mail in the body must match the one in the path',
  forbidden: 'You are not allowed to do that',
  adminOnly: 'Only an admin can do that',
  customerOnly: 'Only customers can do that',
  userNotFound: 'No user with that e-mail',
  orderNotFound: 'No order with that id',
  notYourOrder: 'That order is not yours',
  ordersOfOthers: 'You can only list your own orders',
  paidOrderCannotBeDeleted: 'A paid order cannot be deleted',
  orderAlreadyPaid: 'This order is already paid',
  orderChanged: 'This order changed while the payment was being set up. Please open it again.',
  paymentNotConfirmed: 'The payment provider has not confirmed this payment for this order and amount',
  paymentCanceled: 'This payment was canceled. Please open the order again to pay.',
  paymentProviderUnavailable: 'The payment provider is not answering. Please try again in a minute.',
  paymentProviderRefused: 'The payment provider refused this request. Please try again later.',
  webhookSignatureInvalid: 'The webhook signature is missing, stale or does not match',
} as const;

/** Plain words for the identity library's error codes (decisions.md, section 2). */
export const authErrorMessages = {
  wrongCredentials: 'Wrong e-mail or password',
  emailTaken: 'That e-mail is already registered',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  googleNotConfigured: 'Google sign-in is not set up for this store',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  generic: 'Something went wrong. Please try again.',
} as const;
