// The auth feature's public entry: what other features may use of it.
export type { SessionUser } from './api';
export { useAddressVerified, useResendVerification } from './email-verification';
