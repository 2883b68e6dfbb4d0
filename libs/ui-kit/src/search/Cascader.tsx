import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
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
  /** The text of the empty choice at each level; 'all' by default (a search bar's filter). */
  emptyLabel?: string;
  /** Ids of the levels' selects: `id` for the first, `id-<depth>` below it; the message under them is `id-helper-text`. */
  id?: string;
  /** Marks the first level's label with `*`. */
  required?: boolean;
  disabled?: boolean;
  /** Draws every level as invalid (aria-invalid) and the message under them as an error. */
  error?: boolean;
  /** One message under the levels (an error or a hint), read out with each level. */
  helperText?: ReactNode;
  onBlur?(): void;
  /** The first level's select (its `focus()`): a form focuses it when the value is refused. */
  inputRef?: Ref<unknown>;
}

/** A path through an option tree as chained selects: each level appears once its parent is chosen. */
export function Cascader({ label, options, value, onChange, size, levelLabel, emptyLabel, id, required, disabled, error, helperText, onBlur, inputRef }: CascaderProps) {
  const t = useUiKitText();
  const levels: { options: readonly CascaderOption[]; selected: string }[] = [];
  let current: readonly CascaderOption[] | undefined = options;
  for (let depth = 0; current && current.length > 0; depth++) {
    const selected = value[depth] ?? '';
    levels.push({ options: current, selected });
    current = current.find((option) => String(option.value) === selected)?.children;
    if (!selected) break;
  }
  const helperId = id && helperText ? `${id}-helper-text` : undefined;
  return (
    // The message is always a sibling of the same row, so the selects keep their focus when it appears.
    <Box>
      <Stack direction="row" spacing={1} role="group" aria-label={label}>
        {levels.map((level, depth) => (
          <TextField
            key={depth}
            id={id ? (depth === 0 ? id : `${id}-${depth}`) : undefined}
            select
            size={size}
            label={depth === 0 ? label : (levelLabel?.(depth) ?? `${label} ${depth + 1}`)}
            required={depth === 0 && required}
            disabled={disabled}
            error={error}
            value={level.selected}
            sx={{ minWidth: 140 }}
            onChange={(event) => onChange([...value.slice(0, depth), event.target.value].filter(Boolean))}
            onBlur={onBlur}
            inputRef={depth === 0 ? inputRef : undefined}
            slotProps={helperId ? { select: { 'aria-describedby': helperId } } : undefined}
          >
            <MenuItem value="">{emptyLabel ?? t('all')}</MenuItem>
            {level.options.map((option) => (
              <MenuItem key={option.value} value={String(option.value)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Stack>
      {helperText && (
        <FormHelperText id={helperId} error={error}>
          {helperText}
        </FormHelperText>
      )}
    </Box>
  );
}
