import { useId, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { muiControlSize, useUiKitSize } from '../context/UiKitProvider';
import { useUiKitText } from '../i18n/locale-context';
import { TABLE_PAGE_SIZES } from './table-constants';

export interface TablePagerProps {
  total: number;
  pageNum: number;
  pageSize: number;
  onPageChange(pageNum: number): void;
  onPageSizeChange(pageSize: number): void;
  /** Fewer page buttons (the current one, the first and the last), for a phone's width. */
  compact?: boolean;
}

/** console-spec §2 pager layout: total, sizes, previous, pager, next, jumper. */
export function TablePager({ total, pageNum, pageSize, onPageChange, onPageSizeChange, compact = false }: TablePagerProps) {
  const t = useUiKitText();
  const size = muiControlSize(useUiKitSize());
  const sizeLabelId = useId();
  const [jumpText, setJumpText] = useState('');
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const jump = () => {
    const target = Number(jumpText);
    if (Number.isInteger(target) && target >= 1) onPageChange(Math.min(target, pageCount));
    setJumpText('');
  };

  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', py: 1 }}
      component="nav"
      aria-label={t('pagination')}
    >
      <Typography variant="body2" data-testid="table-total">
        {t('totalCount', { total })}
      </Typography>
      <span id={sizeLabelId} hidden>
        {t('pageSize')}
      </span>
      <Select
        size="small"
        value={pageSize}
        labelId={sizeLabelId}
        inputProps={{ 'aria-label': t('pageSize') }}
        onChange={(event) => onPageSizeChange(Number(event.target.value))}
      >
        {TABLE_PAGE_SIZES.map((option) => (
          <MenuItem key={option} value={option}>
            {t('perPage', { size: option })}
          </MenuItem>
        ))}
      </Select>
      <Pagination
        size={size === 'medium' ? 'medium' : 'small'}
        count={pageCount}
        siblingCount={compact ? 0 : 1}
        page={Math.min(pageNum, pageCount)}
        onChange={(_event, page) => onPageChange(page)}
        getItemAriaLabel={(type, page, selected) =>
          type === 'page' ? t(selected ? 'currentPage' : 'goToPageNumber', { page: page ?? '' }) : t(type === 'previous' ? 'previousPage' : type === 'next' ? 'nextPage' : 'goToPage')
        }
      />
      <TextField
        size="small"
        label={t('goToPage')}
        value={jumpText}
        sx={{ width: 88 }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        onChange={(event) => setJumpText(event.target.value.replace(/\D/g, ''))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') jump();
        }}
        onBlur={() => jumpText && jump()}
      />
    </Stack>
  );
}
