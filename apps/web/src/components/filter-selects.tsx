import { Select } from './field';

/** A list filter over a fixed set of values: first the "any" choice (''), then each value with its label. */
export function OptionFilter<T extends string>({
  label,
  anyLabel,
  value,
  options,
  optionLabel,
  onChange,
}: {
  /** The select's accessible name. */
  label: string;
  anyLabel: string;
  value: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: string) => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{anyLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </Select>
  );
}

/** The sort of a list: one option per entry of the page's sorts, by its label. */
export function SortSelect<K extends string>({
  label = 'Sort by',
  value,
  sorts,
  onChange,
}: {
  label?: string;
  value: K;
  sorts: Readonly<Record<K, { label: string }>>;
  onChange: (key: string) => void;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {(Object.entries(sorts) as [K, { label: string }][]).map(([key, option]) => (
        <option key={key} value={key}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
