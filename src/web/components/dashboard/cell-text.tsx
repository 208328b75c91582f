/** A table value, or '-' when there is none (spec section 2). */
export function CellText({ value }: { value: string | number | null | undefined }) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground">-</span>;
  }
  const text = String(value);
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}
