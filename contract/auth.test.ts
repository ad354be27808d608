import { describe, expect, it } from 'vitest';
import { registerFormSchema } from './auth.js';

const form = { name: 'Ana', email: 'ana@example.com', password: 'brake-pads-42' };
const photoError = (photoURL: string) =>
  registerFormSchema.safeParse({ ...form, photoURL }).error?.issues.find((issue) => issue.path[0] === 'photoURL')
    ?.message;

describe('the Register form', () => {
  it.each(['https://photos.example/ana.jpg', '/images/reviewers/aiko.svg', ' https://photos.example/a.png '])(
    'when the photo URL is %s, then it is accepted',
    (photoURL) => {
      expect(photoError(photoURL)).toBeUndefined();
    },
  );

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://photos.example/a.png', 'ana.jpg'])(
    'when the photo URL is %s, then it is refused with a plain message',
    (photoURL) => {
      expect(photoError(photoURL)).toBe('Photo URL must be an https:// address');
    },
  );

  it("when the photo URL is empty, then the spec's message shows", () => {
    expect(photoError('')).toBe('Phot Url is Required');
  });

  it('when the name is longer than 80 characters, then it is refused', () => {
    expect(registerFormSchema.safeParse({ ...form, photoURL: '/images/a.svg', name: 'n'.repeat(81) }).success).toBe(
      false,
    );
  });
});
