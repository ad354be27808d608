import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '@contract/errors';
import { MAX_MEDIA_BYTES } from '@contract/media-upload';
import { accessToken } from '../../../lib/access-token';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { PREVIEW_ALT, UploadPhoto } from './UploadPhoto';

const UPLOAD = { url: `/media/${'ab'.repeat(16)}-960.webp`, width: 960, height: 720 };

afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.remove();
});

/** UploadPhoto in a form that keeps its picture, as Add Product does; `uploaded` records each call. */
function renderInForm(uploaded: (url: string) => void = () => undefined) {
  function PictureForm() {
    const [picture, setPicture] = useState('/images/products/sample-part.svg');
    return (
      <UploadPhoto
        picture={picture}
        onUploaded={(url) => {
          uploaded(url);
          setPicture(url);
        }}
      />
    );
  }
  renderWithProviders(<PictureForm />);
  return screen.getByLabelText('Upload photo');
}

const photo = (size?: number) => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'caliper.jpg', { type: 'image/jpeg' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('UploadPhoto', () => {
  it('when a photo is chosen, then it is posted as the form field `file` with the bearer token, and its preview shows once stored', async () => {
    accessToken.set('admin-token', new Date(Date.now() + 60_000).toISOString());
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const uploaded = vi.fn();
    const input = renderInForm(uploaded);
    expect(screen.queryByRole('img', { name: PREVIEW_ALT })).not.toBeInTheDocument();

    const file = photo();
    await userEvent.setup().upload(input, file);
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading photo…');
    expect(input).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/media');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer admin-token' });
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBe(file);

    answer(jsonResponse(UPLOAD, { status: 201 }));
    const preview = await screen.findByRole('img', { name: PREVIEW_ALT });
    expect(uploaded).toHaveBeenCalledWith(UPLOAD.url);
    expect(preview).toHaveAttribute('src', UPLOAD.url);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it("when the store refuses the file, then its message shows and the form's picture stays", async () => {
    const { status, code, message } = apiErrors.mediaUnsupported;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() =>
        Promise.resolve(jsonResponse({ statusCode: status, error: 'Bad Request', code, message }, { status })),
      ),
    );
    const uploaded = vi.fn();
    const input = renderInForm(uploaded);
    await userEvent.setup().upload(input, photo());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(uploaded).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: PREVIEW_ALT })).not.toBeInTheDocument();
  });

  it('when the file is over 8 MB, then it is refused here, without being sent', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const input = renderInForm();
    await userEvent.setup().upload(input, photo(MAX_MEDIA_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiErrors.mediaTooLarge.message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the form already holds an upload (Edit Product), then its preview shows from the start', () => {
    renderWithProviders(<UploadPhoto picture={UPLOAD.url} onUploaded={() => undefined} />);
    expect(screen.getByRole('img', { name: PREVIEW_ALT })).toHaveAttribute('src', UPLOAD.url);
  });
});
