import { describe, expect, it } from 'vitest';
import { scrollWhenRows } from './table-scroll';

describe('scrollWhenRows', () => {
  it('scrolls a table with rows sideways and leaves an empty one without a scroll box', () => {
    expect(scrollWhenRows([{ id: 1 }])).toEqual({ x: 'max-content' });
    expect(scrollWhenRows([])).toBeUndefined();
  });
});
