import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The buyer in a table cell: the name over the masked phone (§3: first 3 and last 4 shown). */
export function BuyerCell({ name, phone }: { name: string; phone: string }) {
  return (
    <Stack sx={{ minWidth: 0, lineHeight: 1.2 }}>
      <Typography variant="body2" noWrap title={name}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap>
        {phone}
      </Typography>
    </Stack>
  );
}
