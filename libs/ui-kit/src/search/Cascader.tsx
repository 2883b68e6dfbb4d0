import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useUiKitText } from '../i18n/locale-context';
import type { CascaderOption } from './search-fields';

export interface CascaderProps {
  label: string;
  options: readonly CascaderOption[];
  /** The chosen path of values, e.g. ['330000', '330100']. */
  value: string[];
  onChange(path: string[]): void;
  size?: 'small' | 'medium';
  /** The label of the select at `depth` (1 and deeper); by default the cascader's label and the level number. */
  levelLabel?: (depth: number) => string;
}

/** A path through an option tree as chained selects: each level appears once its parent is chosen. */
export function Cascader({ label, options, value, onChange, size, levelLabel }: CascaderProps) {
  const t = useUiKitText();
  const levels: { options: readonly CascaderOption[]; selected: string }[] = [];
  let current: readonly CascaderOption[] | undefined = options;
  for (let depth = 0; current && current.length > 0; depth++) {
    const selected = value[depth] ?? '';
    levels.push({ options: current, selected });
    current = current.find((option) => String(option.value) === selected)?.children;
    if (!selected) break;
  }
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={label}>
      {levels.map((level, depth) => (
        <TextField
          key={depth}
          select
          size={size}
          label={depth === 0 ? label : (levelLabel?.(depth) ?? `${label} ${depth + 1}`)}
          value={level.selected}
          sx={{ minWidth: 140 }}
          onChange={(event) => onChange([...value.slice(0, depth), event.target.value].filter(Boolean))}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {level.options.map((option) => (
            <MenuItem key={option.value} value={String(option.value)}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
