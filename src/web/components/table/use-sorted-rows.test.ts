import { createTable, getCoreRowModel, type SortingState } from '@tanstack/react-table';
import { describe, expect, test } from 'vitest';
import { numberValue, ratingValue, type SortValue, textValue } from './table-sorting.ts';
import { getFlatSortedRowModel } from './use-sorted-rows.ts';

type Lead = { id: string; name: string | null; rating: string | null; people: number | null };

const leads: Lead[] = [
  { id: 'a', name: 'Sarah', rating: '8', people: 2 },
  { id: 'b', name: null, rating: '10', people: null },
  { id: 'c', name: 'amira', rating: null, people: 2 },
  { id: 'd', name: 'Tom', rating: '9', people: 1 },
  { id: 'e', name: 'Ben', rating: '2', people: 2 },
];

function sortedIds(sorting: SortingState): string[] {
  const table = createTable<Lead>({
    data: leads,
    columns: [
      { id: 'name', accessorFn: (l): SortValue => textValue(l.name) },
      { id: 'rating', accessorFn: (l): SortValue => ratingValue(l.rating) },
      { id: 'people', accessorFn: (l): SortValue => numberValue(l.people) },
      { id: 'actions', accessorFn: () => undefined, enableSorting: false },
    ],
    state: { sorting, columnPinning: {}, columnVisibility: {}, columnOrder: [] },
    onStateChange: () => {},
    renderFallbackValue: null,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getFlatSortedRowModel(),
  });
  return table.getRowModel().rows.map((row) => row.original.id);
}

describe('getFlatSortedRowModel', () => {
  test.each([
    [[], ['a', 'b', 'c', 'd', 'e']],
    [[{ id: 'rating', desc: false }], ['e', 'a', 'd', 'b', 'c']],
    [[{ id: 'rating', desc: true }], ['b', 'd', 'a', 'e', 'c']],
    [[{ id: 'name', desc: false }], ['c', 'e', 'a', 'd', 'b']],
    [[{ id: 'name', desc: true }], ['d', 'a', 'e', 'c', 'b']],
    // Ties keep the data's order in both directions.
    [[{ id: 'people', desc: false }], ['d', 'a', 'c', 'e', 'b']],
    [[{ id: 'people', desc: true }], ['a', 'c', 'e', 'd', 'b']],
    [[{ id: 'actions', desc: false }], ['a', 'b', 'c', 'd', 'e']],
  ] as [SortingState, string[]][])('%j → %j', (sorting, ids) => {
    expect(sortedIds(sorting)).toEqual(ids);
  });
});
