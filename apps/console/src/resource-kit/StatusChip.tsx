import Chip from '@mui/material/Chip';
import { statusOption, statusText } from './text';
import type { ResourceStatus, ResourceTextContext } from './types';

/** A status value as a small coloured chip; unknown values read 'unmatched status' (§8). */
export function StatusChip({ status, value, context }: { status: ResourceStatus; value: unknown; context: ResourceTextContext }) {
  const option = statusOption(status, value);
  return <Chip size="small" variant="outlined" color={option?.color ?? 'default'} label={statusText(status, value, context)} />;
}
