import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from '../../../lib/access-token';
import { renderWithProviders } from '../../../test/render';
import { CatalogueImportForm } from './CatalogueImportForm';

/** XMLHttpRequest as the form uses it, driven by the test: progress, end of upload, the answer. */
class FakeRequest {
  static last: FakeRequest | undefined;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
    FakeRequest.last = this;
  }

  progress(loaded: number, total: number) {
    act(
      () =>
        void this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total })),
    );
  }
  uploaded() {
    act(() => void this.upload.dispatchEvent(new Event('load')));
  }
  async answer(status: number, body: unknown) {
    Object.assign(this, {
      status,
      statusText: status === 200 ? 'OK' : 'Bad Request',
      responseText: JSON.stringify(body),
    });
    await act(async () => void this.events.dispatchEvent(new Event('load')));
  }
}

const sent = () => {
  if (!FakeRequest.last) throw new Error('no request was sent');
  return FakeRequest.last;
};

beforeEach(() => {
  FakeRequest.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  accessToken.set('admin-token', new Date(Date.now() + 3_600_000).toISOString());
});
afterEach(() => {
  vi.unstubAllGlobals();
  accessToken.remove();
});

async function importFile(text = 'sku,name\n') {
  const user = userEvent.setup();
  renderWithProviders(<CatalogueImportForm />);
  const form = screen.getByRole('form', { name: 'Import catalogue' });
  await user.upload(within(form).getByLabelText('CSV file'), new File([text], 'parts.csv', { type: 'text/csv' }));
  await user.click(within(form).getByRole('button', { name: 'Import' }));
  return form;
}

describe('the catalogue import form', () => {
  it('when a file goes up, then its progress shows, then the checking, then each problem in a table by line and column', async () => {
    const form = await importFile();
    expect(sent().url).toBe('/api/admin/catalogue.csv');
    expect(sent().headers).toMatchObject({ 'content-type': 'text/csv', authorization: 'Bearer admin-token' });
    expect(within(form).getByRole('button', { name: 'Import' })).toBeDisabled();

    sent().progress(512, 1024);
    expect(within(form).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(form).getByRole('status')).toHaveTextContent('Uploading the file: 50%');
    sent().uploaded();
    expect(within(form).getByRole('status')).toHaveTextContent('Checking and saving the parts…');

    await sent().answer(400, {
      statusCode: 400,
      error: 'Bad Request',
      code: 'CATALOGUE_CSV_INVALID',
      message: 'The file has errors; nothing was imported',
      errors: [
        { line: 3, field: 'price', message: 'price must be a number, like 39.90' },
        { line: 7, field: 'row', message: 'This line has 13 cells, the header 12' },
      ],
    });
    expect(within(form).getByRole('alert')).toHaveTextContent('The file has errors; nothing was imported');
    const table = within(form).getByRole('table', { name: '2 problems to fix in the file' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('cell')].map(
          (cell) => cell.textContent,
        ),
      );
    expect(rows).toEqual([
      ['Line', 'Column', 'Problem'],
      ['3', 'price', 'price must be a number, like 39.90'],
      ['7', 'the whole line', 'This line has 13 cells, the header 12'],
    ]);
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('when the store saves the file, then it says how many parts were added and updated', async () => {
    const form = await importFile();
    await sent().answer(200, { created: 1, updated: 2 });
    expect(await within(form).findByText('Imported: 1 part added, 2 updated.')).toBeInTheDocument();
    expect(within(form).queryByRole('table')).not.toBeInTheDocument();
  });

  it('when Import is pressed without a file, then it asks for one and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CatalogueImportForm />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Choose a CSV file to import')).toBeVisible();
    expect(FakeRequest.last).toBeUndefined();
  });
});
