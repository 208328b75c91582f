/**
 * A table value, or '-' when there is none. Truncated to one line by default
 * (the leads table has fixed row heights); `wrap` lets it wrap instead.
 */
export function CellText({
  value,
  wrap = false,
}: {
  value: string | number | null | undefined;
  wrap?: boolean;
}) {
  if (value === null || value === undefined || value === '') {
    return <span className="text-muted-foreground">-</span>;
  }
  const text = String(value);
  if (wrap) return <span>{text}</span>;
  return (
    <span className="block truncate" title={text}>
      {text}
    </span>
  );
}
