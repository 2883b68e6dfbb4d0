import { forwardRef, memo, type SyntheticEvent } from 'react';
import {
  GridCell,
  gridClasses,
  gridFocusCellSelector,
  gridTabIndexCellSelector,
  useGridApiContext,
  useGridSelector,
  type GridCellProps,
  type GridEvents,
} from '@mui/x-data-grid';

const ALIGN_CLASS = {
  left: gridClasses['cell--textLeft'],
  center: gridClasses['cell--textCenter'],
  right: gridClasses['cell--textRight'],
} as const;

/** GridCell's `pinnedPosition` for a cell in the scrolling middle section (PinnedColumnPosition.NONE). */
const NOT_PINNED = 0;

/**
 * The grid's cell slot for DataTable. A text cell (a `format` or plain column) that does not hold the
 * focus or the grid's tab stop is a plain `div` with the grid's classes, roles and mouse events: the
 * grid's own GridCell subscribes each cell to about ten pieces of grid state (editing, focus, tab stop,
 * selection, row spans, pinning...), and during a fling every frame mounts and unmounts some twenty rows
 * of them (docs/performance.md, "ui-kit DataTable"). The focused cell, the tab stop, `render` cells
 * (buttons, tags, the check boxes) and anything pinned, spanned or kept mounted off screen get the
 * grid's GridCell, so focus, keyboard navigation and editing behave as before: when the focus moves to
 * a text cell, that cell re-renders as a GridCell, which focuses itself.
 */
export const DataTableCell = memo(
  forwardRef<HTMLDivElement, GridCellProps>(function DataTableCell(props, ref) {
    const apiRef = useGridApiContext();
    const { column, rowId, row, colIndex, width, align, showLeftBorder, showRightBorder } = props;
    const field = column.field;
    const active = useGridSelector(apiRef, () => {
      const focus = gridFocusCellSelector(apiRef);
      const tabStop = gridTabIndexCellSelector(apiRef);
      return (focus?.id === rowId && focus.field === field) || (tabStop?.id === rowId && tabStop.field === field);
    });
    if (
      active ||
      column.renderCell ||
      column.cellClassName ||
      column.display === 'flex' ||
      props.isNotVisible ||
      props.pinnedPosition !== NOT_PINNED ||
      (props.colSpan ?? 1) > 1
    ) {
      return <GridCell {...props} ref={ref} />;
    }

    const value: unknown = apiRef.current.getRowFormattedValue(row, column);
    const text = value === null || value === undefined ? undefined : String(value);
    const publish = (name: GridEvents) => (event: SyntheticEvent) => {
      // The row might have been deleted during the click.
      if (!apiRef.current.getRow(rowId)) return;
      apiRef.current.publishEvent(name as 'cellClick', apiRef.current.getCellParams(rowId, field), event as never);
    };
    let className = `${gridClasses.cell} ${ALIGN_CLASS[align] ?? ALIGN_CLASS.left}`;
    if (showLeftBorder) className += ` ${gridClasses['cell--withLeftBorder']}`;
    if (showRightBorder) className += ` ${gridClasses['cell--withRightBorder']}`;
    return (
      <div
        ref={ref}
        className={className}
        role={column.rowHeader ? 'rowheader' : 'gridcell'}
        data-field={field}
        data-colindex={colIndex}
        aria-colindex={colIndex + 1}
        style={{ '--width': `${width}px` } as React.CSSProperties}
        title={text}
        tabIndex={-1}
        onClick={publish('cellClick')}
        onDoubleClick={publish('cellDoubleClick')}
        onMouseOver={publish('cellMouseOver')}
        onMouseDown={publish('cellMouseDown')}
        onMouseUp={publish('cellMouseUp')}
        onKeyDown={publish('cellKeyDown')}
        onKeyUp={publish('cellKeyUp')}
      >
        {text}
      </div>
    );
  }),
);
