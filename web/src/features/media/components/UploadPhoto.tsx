import { useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { apiErrors } from '@contract/errors';
import { isMediaUrl } from '@contract/media';
import { MAX_MEDIA_BYTES, MEDIA_CONTENT_TYPES } from '@contract/media-upload';
import { useUploadPhoto } from '../api';
import { PartPicture } from '../../../components/PartPicture';

const ID = 'upload-photo';
export const PREVIEW_ALT = 'Preview of the uploaded photo';

interface UploadPhotoProps {
  /** The picture the form holds now: its preview shows when it is an upload. */
  picture: string | undefined;
  /** Called with the upload's address (`/media/...`) once the store has the photo. */
  onUploaded: (url: string) => void;
}

/**
 * `Upload photo`: the chosen file goes to `POST /api/media` at once; while the store re-encodes it
 * the field says so, then the form's picture becomes the upload and its preview shows. A file over
 * the limit is refused here, without sending 8 MB for nothing; the store judges everything else.
 */
export function UploadPhoto({ picture, onUploaded }: UploadPhotoProps) {
  const upload = useUploadPhoto();
  const [tooLarge, setTooLarge] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    upload.reset();
    setTooLarge(file.size > MAX_MEDIA_BYTES);
    if (file.size > MAX_MEDIA_BYTES) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        onUploaded(url);
        // The preview shows the photo now; an emptied field can take the next one, or the same again.
        input.value = '';
      },
    });
  };

  const error = tooLarge ? apiErrors.mediaTooLarge.message : upload.error?.message;
  return (
    <Form.Group className="mb-3" controlId={ID}>
      <Form.Label>Upload photo</Form.Label>
      <Form.Control
        type="file"
        accept={MEDIA_CONTENT_TYPES.join(',')}
        onChange={choose}
        disabled={upload.isPending}
        isInvalid={error !== undefined}
        aria-describedby={`${ID}-help${error === undefined ? '' : ` ${ID}-error`}`}
      />
      <Form.Text id={`${ID}-help`}>JPEG, PNG, WebP or AVIF, at most 8 MB. It becomes the picture.</Form.Text>
      {error !== undefined && (
        <Form.Control.Feedback type="invalid" id={`${ID}-error`} role="alert">
          {error}
        </Form.Control.Feedback>
      )}
      {upload.isPending && (
        <p className="small mt-2 mb-0" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          Uploading photo…
        </p>
      )}
      {picture !== undefined && isMediaUrl(picture) && (
        <PartPicture
          className="d-block rounded border mt-2"
          picture={picture}
          alt={PREVIEW_ALT}
          width={160}
          height={120}
          sizes="160px"
        />
      )}
    </Form.Group>
  );
}
