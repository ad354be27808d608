import { quantityAboveStockMessage, quantityBelowMinimumMessage } from './rules/orderable.js';

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
  // Written beside the quantity rule, which the catalogue's first download carries without this module.
  orderQuantityBelowMinimum: quantityBelowMinimumMessage,
  orderQuantityAboveStock: quantityAboveStockMessage,
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
  /** Beyond the spec: the reset page's second password. */
  confirmPasswordRequired: 'Type the new password again',
  passwordsDiffer: 'The two passwords are not the same',
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

/**
 * Beyond the spec: the in-page question before a delete names what goes (the spec's own words,
 * `pageTexts.confirmDelete`, follow it in the same dialog).
 */
export const confirmDeleteQuestion = {
  order: (productName: string) => `Delete the order for ${productName}?`,
  product: (name: string) => `Delete ${name} from the catalogue?`,
} as const;

/** Plain words for the identity library's error codes (docs/product-rules.md, section 2). */
export const authErrorMessages = {
  wrongCredentials: 'Wrong e-mail or password',
  emailTaken: 'That e-mail is already registered',
  googleNotConfigured: 'Google sign-in is not set up for this store',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  generic: 'Something went wrong. Please try again.',
} as const;

/**
 * Beyond the spec: Forgot password? and the reset page. The answer to a request for a link is the
 * same whether the e-mail has an account or not (docs/decisions/0031-password-reset.md).
 */
export const passwordResetTexts = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot password',
  forgotIntro: 'Enter the e-mail of your account, and we will send you a link to set a new password.',
  sendLink: 'Send reset link',
  linkSent:
    'If an account exists for that e-mail, we have sent a link to reset its password. It works once, for one hour.',
  tooManyTries: 'Too many tries from here. Please wait a minute and try again.',
  resetTitle: 'Reset password',
  resetButton: 'Reset password',
  linkInvalid: 'This reset link is no longer valid: it was used already, it is over an hour old, or it is incomplete.',
  askAgain: 'Ask for a new link',
  passwordChanged: 'Your password was changed. Sign in with the new one.',
  backToLogin: 'Back to Login',
} as const;

/**
 * Verified addresses (parts-shop section 8): the page the e-mail's link opens, and My Profile's
 * line about the address (docs/decisions/0035-verified-addresses.md).
 */
export const emailVerificationTexts = {
  emailSubject: 'Verify your e-mail',
  pageTitle: 'Verify your e-mail',
  checking: 'Checking your link...',
  verified: 'Your e-mail is verified',
  linkInvalid:
    'This link is no longer valid: it is over a day old, or it is incomplete. Ask for a new one with Resend on My Profile.',
  toProfile: 'Go to My Profile',
  toLogin: 'Login',
  statusVerified: 'E-mail verified',
  statusUnverified: 'Your e-mail is not verified yet: the store sends it nothing else until you open the link we sent.',
  resend: 'Resend',
  resent: 'We have sent a new link. It works for 24 hours.',
  tooManyTries: 'Too many tries from here. Please wait a minute and try again.',
} as const;
