import { describe, expect, test } from 'vitest';
import { propertyColumns } from './property-columns.tsx';

const handlers = { onEdit: () => {}, onDelete: () => {} };

describe('propertyColumns', () => {
  test('a role that may change listings gets the edit and delete buttons, last', () => {
    const ids = propertyColumns({ companyId: 'c1', handlers }).map((column) => column.id);
    expect(ids.at(-1)).toBe('actions');
  });

  test('a role that may not (a negotiator) is offered no Actions column at all', () => {
    const columns = propertyColumns({ companyId: 'c1', handlers: null });
    expect(columns.map((column) => column.id)).not.toContain('actions');
    expect(columns.map((column) => column.header)).toEqual([
      'Date',
      'Property Name',
      'Address',
      'Rental Price',
      'Bedrooms',
      'Parking',
      'Vacancy Date',
      'Landlord',
      'AI Agent URL',
    ]);
  });
});
