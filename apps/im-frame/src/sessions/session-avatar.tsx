import Avatar from '@mui/material/Avatar';

/** Up to two initials: first letters of the first two words, else the first two characters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s_\-.]+/).filter(Boolean);
  if (words.length >= 2) return (words[0].charAt(0) + words[1].charAt(0)).toUpperCase();
  return Array.from(words[0] ?? '?').slice(0, 2).join('').toUpperCase();
}

export function SessionAvatar({ name, avatarUrl, size = 40 }: { name: string; avatarUrl?: string; size?: number }) {
  // The name is read out by the row itself, so the picture is decorative.
  return (
    // grey.700 (#616161) under white initials: 6.2:1, above WCAG AA's 4.5:1 (MUI's default grey.400 is 1.9:1).
    <Avatar src={avatarUrl} alt="" aria-hidden sx={{ width: size, height: size, fontSize: Math.round(size * 0.4), bgcolor: 'grey.700', color: 'common.white' }}>
      {initialsOf(name)}
    </Avatar>
  );
}
