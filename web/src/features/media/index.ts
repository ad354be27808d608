// The media feature's public entry: the admin's photo upload. Pictures are drawn by
// components/PartPicture, which the home page's first download carries without this feature.
export { UploadPhoto } from './components/UploadPhoto';
