import { SearchIcon } from 'lucide-react';
import { Input } from './input.tsx';

/** A search box with its magnifier, as the dashboard's lists use it above their tables. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  /** What a screen reader announces: the placeholder alone is not a label. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative max-w-md">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
