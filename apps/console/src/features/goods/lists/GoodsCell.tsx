import { useState } from 'react';
import { styled } from '@mui/material/styles';

/**
 * One styled root and plain elements inside: a goods list's first render draws this cell in every row,
 * inside the synchronous re-render that follows the grid's first measurement (docs/performance.md,
 * goods list). As MUI Stack ×2, Avatar and Typography ×2, each row resolved six `sx` and styled
 * components and Avatar's image-loading state; the look is the same (40 px rounded picture, body2
 * title, caption in the secondary text colour, both on one line with an ellipsis).
 */
const Root = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  minWidth: 0,
  padding: theme.spacing(0.5, 0),
  '& .GoodsCell-picture': {
    flexShrink: 0,
    width: 40,
    height: 40,
    borderRadius: theme.shape.borderRadius,
    objectFit: 'cover',
    backgroundColor: theme.palette.action.hover,
  },
  '& .GoodsCell-text': { display: 'flex', flexDirection: 'column', minWidth: 0 },
  '& .GoodsCell-title, & .GoodsCell-caption': { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .GoodsCell-title': theme.typography.body2,
  '& .GoodsCell-caption': { ...theme.typography.caption, color: theme.palette.text.secondary },
}));

/**
 * The goods picture, its title and a second line (id or spec) in one table cell. Without `imageUrl`
 * (a list whose rows have no picture) the cell is the two lines only.
 */
export function GoodsCell({ imageUrl, title, caption }: { imageUrl?: string; title: string; caption: string }) {
  // A missing or broken picture shows the empty rounded square (Avatar showed its fallback glyph).
  const [broken, setBroken] = useState(false);
  return (
    <Root>
      {imageUrl === undefined ? null : imageUrl && !broken ? (
        <img className="GoodsCell-picture" src={imageUrl} alt="" onError={() => setBroken(true)} />
      ) : (
        <span className="GoodsCell-picture" aria-hidden="true" />
      )}
      <span className="GoodsCell-text">
        <span className="GoodsCell-title" title={title}>
          {title}
        </span>
        <span className="GoodsCell-caption">{caption}</span>
      </span>
    </Root>
  );
}
