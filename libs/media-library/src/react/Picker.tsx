import type { CSSProperties } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { DEFAULT_THUMBNAIL_PX, DRAG_ANIMATION_MS } from '../constants';
import { moveItem, type LibraryFile } from '../picker/selection';
import { useMediaText } from './use-media-text';

export interface PickerProps {
  value: readonly LibraryFile[];
  onChange(value: LibraryFile[]): void;
  /** Opens the select-image dialog. */
  onAdd(): void;
  onPreview?(file: LibraryFile): void;
  multiple?: boolean;
  /** Maximum number of files; unlimited by default (console-spec §9). */
  limit?: number;
  showFileName?: boolean;
  thumbnailSize?: number;
  /** 'button' (default label 'select image') or the square 'click to upload' card. */
  trigger?: 'button' | 'card';
  buttonLabel?: string;
}

/** console-spec §2 picker: sortable thumbnails (when more than one), zoom and remove, and an add trigger. */
export function Picker(props: PickerProps) {
  const { value, onChange, onAdd, multiple = false, limit = Number.POSITIVE_INFINITY, trigger = 'button' } = props;
  const size = props.thumbnailSize ?? DEFAULT_THUMBNAIL_PX;
  const { t } = useMediaText();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = value.map((file) => String(file.fileId));
  const sortable = value.length > 1;
  const canAdd = value.length < limit && (multiple || value.length === 0);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveItem(value, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const tiles = value.map((file) => (
    <PickerTile
      key={String(file.fileId)}
      file={file}
      size={size}
      sortable={sortable}
      showFileName={props.showFileName}
      onPreview={props.onPreview}
      onRemove={() => onChange(value.filter((other) => other.fileId !== file.fileId))}
    />
  ));

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }} data-testid="media-picker">
      {sortable ? (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            {tiles}
          </SortableContext>
        </DndContext>
      ) : (
        tiles
      )}
      {canAdd &&
        (trigger === 'card' ? (
          <Box
            component="button"
            type="button"
            onClick={onAdd}
            sx={{ width: size, height: size, border: '1px dashed', borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer', color: 'text.secondary' }}
          >
            <AddIcon />
            <Typography variant="caption" component="div">
              {t('clickToUpload')}
            </Typography>
          </Box>
        ) : (
          <Button variant="outlined" onClick={onAdd}>
            {props.buttonLabel ?? t('selectImage')}
          </Button>
        ))}
    </Box>
  );
}

interface PickerTileProps {
  file: LibraryFile;
  size: number;
  sortable: boolean;
  showFileName?: boolean;
  onPreview?(file: LibraryFile): void;
  onRemove(): void;
}

function PickerTile({ file, size, sortable, showFileName, onPreview, onRemove }: PickerTileProps) {
  const { t } = useMediaText();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: String(file.fileId),
    disabled: !sortable,
    transition: { duration: DRAG_ANIMATION_MS, easing: 'ease' },
  });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
    transition,
    opacity: isDragging ? 0.6 : 1,
  };
  return (
    <Box ref={setNodeRef} style={style} data-testid="picker-item" sx={{ width: size }}>
      <Box
        {...(sortable ? { ...attributes, ...listeners, 'aria-label': `${t('dragToReorder')} ${file.objectName}` } : {})}
        sx={{
          position: 'relative',
          width: size,
          height: size,
          borderRadius: 1,
          overflow: 'hidden',
          cursor: sortable ? 'grab' : 'default',
          '&:hover .picker-actions': { opacity: 1 },
        }}
      >
        <img src={file.objectUrl} alt={file.objectName} width={size} height={size} style={{ objectFit: 'cover', display: 'block' }} />
        <Box
          className="picker-actions"
          sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'rgba(0,0,0,0.45)', opacity: 0, transition: 'opacity 0.2s', '&:focus-within': { opacity: 1 } }}
        >
          {onPreview && (
            <IconButton size="small" sx={{ color: '#fff' }} aria-label={`${t('zoomIn')} ${file.objectName}`} onClick={() => onPreview(file)}>
              <ZoomInIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton size="small" sx={{ color: '#fff' }} aria-label={`${t('remove')} ${file.objectName}`} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      {showFileName && (
        <Typography variant="caption" noWrap component="div" title={file.objectName}>
          {file.objectName}
        </Typography>
      )}
    </Box>
  );
}
