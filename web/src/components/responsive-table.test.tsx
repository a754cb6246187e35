import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cellOf, ResponsiveTable, RowCards } from './responsive-table';

type Row = { id: string; name: string; seats: string[]; note: string | null };
const rows: Row[] = [
  { id: 'u1', name: 'Ada', seats: ['ML2'], note: null },
  { id: 'u2', name: 'Grace', seats: ['ML2', 'ML4'], note: 'admin' },
];
const columns = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Seats', key: 'seats', render: (_: unknown, r: Row) => r.seats.join(' + ') },
  { title: 'Note', dataIndex: 'note', render: (v: string | null) => v ?? null },
];

/** The screen width antd's breakpoints see (its queries are `(min-width: …)`, xs `(max-width: 575px)`). */
function screenWidth(width: number) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = min ? width >= Number(min[1]) : max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    };
  });
}

const renderTable = () =>
  render(
    <ResponsiveTable<Row> rows={rows} columns={columns} rowKey="id" label="Members" testId="t" emptyText="None" />,
  );

afterEach(cleanup);

describe('ResponsiveTable', () => {
  it('is a table from tablet width up, each row marked with its key', () => {
    screenWidth(1440);
    renderTable();
    const table = screen.getByTestId('t');
    expect(within(table).getByRole('table')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Seats' })).toBeTruthy();
    expect(table.querySelector('tr[data-row-key="u2"]')?.textContent).toContain('ML2 + ML4');
    // the scroll region can be reached by keyboard
    expect(within(table).getByRole('region', { name: 'Members' })).toBeTruthy();
  });

  it('is a list of cards on a phone: the first column heads each card, the others are label and value', () => {
    screenWidth(390);
    renderTable();
    const list = screen.getByTestId('t');
    expect(within(list).queryByRole('table')).toBeNull();
    const card = list.querySelector<HTMLElement>('[data-row-key="u2"]')!;
    expect(card.querySelector('.row-card-head')?.textContent).toBe('Grace');
    const labels = [...card.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...card.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(labels).toEqual(['Seats', 'Note']);
    expect(values).toEqual(['ML2 + ML4', 'admin']);
    // an empty cell leaves its label out
    const first = list.querySelector<HTMLElement>('[data-row-key="u1"]')!;
    expect([...first.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Seats']);
  });

  it('pages the cards as the table pages its rows', () => {
    screenWidth(390);
    const many = Array.from({ length: 3 }, (_, i) => ({ id: `u${i}`, name: `N${i}`, seats: [], note: null }));
    render(<ResponsiveTable<Row> rows={many} columns={columns} rowKey="id" label="Members" testId="t" pageSize={2} />);
    const keys = () =>
      [...screen.getByTestId('t').querySelectorAll('[data-row-key]')].map((e) => e.getAttribute('data-row-key'));
    expect(keys()).toEqual(['u0', 'u1']);
    fireEvent.click(screen.getByTitle('2'));
    expect(keys()).toEqual(['u2']);
  });

  it('shows the empty text in either layout', () => {
    for (const width of [390, 1440]) {
      screenWidth(width);
      render(
        <ResponsiveTable<Row> rows={[]} columns={columns} rowKey="id" label="Members" testId="t" emptyText="None" />,
      );
      expect(within(screen.getByTestId('t')).getByText('None')).toBeTruthy();
      cleanup();
    }
  });
});

describe('cellOf', () => {
  it('renders through the column, else reads its data index (a path too)', () => {
    const row = { a: { b: 'deep' }, n: 2 };
    expect(cellOf({ dataIndex: ['a', 'b'] }, row, 0)).toBe('deep');
    expect(cellOf({ dataIndex: 'n', render: (v: number) => v * 10 }, row, 0)).toBe(20);
    expect(cellOf({ key: 'x', render: (_: unknown, r: typeof row, i: number) => `${r.n}/${i}` }, row, 3)).toBe('2/3');
    expect(cellOf({ key: 'none' }, row, 0)).toBeUndefined();
  });
});

describe('RowCards of a server-paged, selectable list (PagedTable on a phone)', () => {
  it("shows the server's pager and a checkbox per card that reports the selection like antd's table", () => {
    const onChange = vi.fn();
    const onPage = vi.fn();
    render(
      <RowCards<Row>
        rows={rows}
        columns={columns}
        rowKey="id"
        label="Orders"
        testId="cards"
        pager={{ current: 1, pageSize: 2, total: 5, onChange: onPage }}
        selection={{
          selectedRowKeys: ['u1'],
          getCheckboxProps: (r) => ({ disabled: r.id === 'u1', 'aria-label': `Select ${r.name}` }),
          onChange,
        }}
      />,
    );
    const cards = screen.getByTestId('cards');
    expect(cards.querySelectorAll('[data-row-key]')).toHaveLength(2);
    const ada = screen.getByRole('checkbox', { name: 'Select Ada' }) as HTMLInputElement;
    expect(ada.checked).toBe(true);
    expect(ada.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    expect(onChange).toHaveBeenCalledWith(['u1', 'u2'], rows, { type: 'single' });
    // the pager is the server's: three pages of two, the next one asked of the caller
    fireEvent.click(within(cards).getByTitle('3'));
    expect(onPage).toHaveBeenCalledWith(3, 2);
  });
});
