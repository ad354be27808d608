import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cell, RowHeader, StackedRow, StackedTable } from './StackedTable';

function Orders({ showCaption }: { showCaption?: boolean }) {
  return (
    <StackedTable
      className="table-hover"
      caption="Your orders"
      showCaption={showCaption}
      columns={['Part', { name: 'Total', className: 'text-end' }, { name: 'Actions', hidden: true }]}
      foot={
        <StackedRow>
          <RowHeader colSpan={2}>Sum</RowHeader>
          <Cell>$30.00</Cell>
        </StackedRow>
      }
    >
      <StackedRow>
        <Cell label="Part">Brake pads</Cell>
        <Cell label="Total" className="text-end">
          $30.00
        </Cell>
        <Cell>
          <button type="button">Delete</button>
        </Cell>
      </StackedRow>
    </StackedTable>
  );
}

describe('StackedTable', () => {
  it('when drawn, then its table, row groups, rows, headers and cells carry their roles, which a change of CSS display cannot take away', () => {
    const { container } = render(<Orders />);

    expect(container.querySelector('table')).toHaveAttribute('role', 'table');
    for (const group of container.querySelectorAll('thead, tbody, tfoot'))
      expect(group).toHaveAttribute('role', 'rowgroup');
    for (const row of container.querySelectorAll('tr')) expect(row).toHaveAttribute('role', 'row');
    for (const header of container.querySelectorAll('thead th')) {
      expect(header).toHaveAttribute('role', 'columnheader');
      expect(header).toHaveAttribute('scope', 'col');
    }
    expect(screen.getByRole('rowheader', { name: 'Sum' })).toHaveAttribute('scope', 'row');
    expect(container.querySelectorAll('td')).toHaveLength(4);
    for (const cell of container.querySelectorAll('td')) expect(cell).toHaveAttribute('role', 'cell');
  });

  it('when given its columns, then the header row names each, a hidden one for screen readers only, with the classes given', () => {
    render(<Orders />);

    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Part', 'Total', 'Actions']);
    expect(headers[1]).toHaveClass('text-end');
    expect(within(headers[2] as HTMLElement).getByText('Actions')).toHaveClass('visually-hidden');
    expect(headers[0]?.querySelector('.visually-hidden')).toBeNull();
  });

  it('when a cell has a label, then it carries it for the phone layout to show before it; a cell without one has none', () => {
    render(<Orders />);

    const row = screen.getByRole('row', { name: /Brake pads/ });
    const [part, total, actions] = within(row).getAllByRole('cell');
    expect(part).toHaveAttribute('data-label', 'Part');
    expect(total).toHaveAttribute('data-label', 'Total');
    expect(total).toHaveClass('text-end');
    expect(actions).not.toHaveAttribute('data-label');
  });

  it('when drawn, then the table is a Bootstrap table with the stacking class and those given, in a wrapper that scrolls it on a tablet', () => {
    const { container } = render(<Orders />);

    const table = screen.getByRole('table', { name: 'Your orders' });
    expect(table).toHaveClass('table', 'table-stacked', 'table-hover');
    expect(table.parentElement).toBe(container.firstChild);
    expect(table.parentElement).toHaveClass('table-responsive');
  });

  it('when the caption is to be shown, then it is above the table; otherwise only screen readers read it', () => {
    const { rerender } = render(<Orders />);
    expect(screen.getByText('Your orders')).toHaveClass('visually-hidden');

    rerender(<Orders showCaption />);
    expect(screen.getByText('Your orders')).toHaveClass('caption-top');
    expect(screen.getByText('Your orders')).not.toHaveClass('visually-hidden');
  });

  it('when there is no foot and no caption, then the table has neither', () => {
    const { container } = render(
      <StackedTable columns={['Line']}>
        <StackedRow>
          <Cell label="Line">3</Cell>
        </StackedRow>
      </StackedTable>,
    );

    expect(container.querySelector('tfoot')).toBeNull();
    expect(container.querySelector('caption')).toBeNull();
    expect(screen.getByRole('table')).toHaveAttribute('class', 'table table-stacked');
  });
});
