import type { Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useCallback, useRef } from 'react';

type RowKeyboardOptions<T> = {
  /** The scrolling element that holds the rows (`tr[data-index]`). */
  scrollRef: RefObject<HTMLElement | null>;
  rows: T[];
  onOpen: (row: T) => void;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rowHeight: number;
};

/**
 * Keyboard use of a virtualised table's rows: Enter or Space opens the focused row; the arrows,
 * Home, End, Page Up and Page Down move the focus, scrolling to a row not rendered yet first.
 * The handler keeps its identity (memoised rows are not re-rendered) and reads the latest rows.
 */
export function useRowKeyboard<T>({
  scrollRef,
  rows,
  onOpen,
  virtualizer,
  rowHeight,
}: RowKeyboardOptions<T>) {
  const latest = useRef({ rows, onOpen, virtualizer });
  latest.current = { rows, onOpen, virtualizer };

  const handleRowKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number) => {
      if (event.target !== event.currentTarget) return;
      const { rows: current, onOpen: open, virtualizer: list } = latest.current;
      const focusRow = (wanted: number) => {
        const target = Math.max(0, Math.min(current.length - 1, wanted));
        const findRow = () => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${target}"]`);
        const rendered = findRow();
        if (rendered) {
          rendered.focus();
          return;
        }
        // Not rendered yet: scroll the virtualiser there, then focus once the row exists.
        list.scrollToIndex(target, { align: 'auto' });
        let attempts = 0;
        const tryFocus = () => {
          const row = findRow();
          if (row) row.focus();
          else if (attempts++ < 10) requestAnimationFrame(tryFocus);
        };
        requestAnimationFrame(tryFocus);
      };
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        open(current[index]);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        focusRow(event.key === 'Home' ? 0 : current.length - 1);
      } else if (event.key === 'PageDown' || event.key === 'PageUp') {
        event.preventDefault();
        const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 480) / rowHeight) - 1);
        focusRow(index + (event.key === 'PageDown' ? page : -page));
      }
    },
    [scrollRef, rowHeight],
  );
  const handleOpen = useCallback((row: T) => latest.current.onOpen(row), []);
  return { handleRowKeyDown, handleOpen };
}
