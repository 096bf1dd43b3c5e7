/** One filter of a log: "All", or one of `options` ([value, label]), in a GET form (the URL keeps it). */
export function FilterSelect(p: { name: string; label: string; value?: string; options: [string, string][] }) {
  const { name, label, value, options } = p;
  return (
    <label className="inline">
      {label}{" "}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">All</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
