import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The goods picture, its title and a second line (id or spec) in one table cell. */
export function GoodsCell({ imageUrl, title, caption }: { imageUrl: string; title: string; caption: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, py: 0.5 }}>
      <Avatar variant="rounded" src={imageUrl || undefined} alt="" sx={{ width: 40, height: 40 }} />
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={title}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap>
          {caption}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** A SKU's spec values as one line, e.g. "colour: red / size: L". */
export function specText(specValues: Readonly<Record<string, string>>): string {
  return Object.entries(specValues)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' / ');
}
