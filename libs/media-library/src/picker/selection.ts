import type { MediaNotice } from '../i18n/messages';
import { isImageName, isVideoName } from '../validation/file-rules';

/** console-spec §5 chooseFileType. */
export type ChooseFileType = 'img' | 'video' | 'all';

/** console-spec §3 library file. */
export interface LibraryFile {
  fileId: string | number;
  objectName: string;
  objectUrl: string;
  objectSuffix?: string;
  createDate?: string | number;
  referenceCount?: number;
  fileTags?: { tag: string }[];
}

export interface SelectionResult<F> {
  value: F[];
  notice: MediaNotice | null;
}

function nameOf(file: LibraryFile): string {
  return file.objectSuffix ? `x.${file.objectSuffix}` : file.objectName;
}

/** Keeps the chosen rows the picker's type accepts; warns when any were refused. */
export function filterByChooseType<F extends LibraryFile>(chosen: readonly F[], type: ChooseFileType): SelectionResult<F> {
  if (type === 'all') return { value: [...chosen], notice: null };
  const accepts = type === 'img' ? isImageName : isVideoName;
  const value = chosen.filter((file) => accepts(nameOf(file)));
  const notice: MediaNotice | null =
    value.length === chosen.length ? null : { key: type === 'img' ? 'onlyImages' : 'onlyVideos' };
  return { value, notice };
}

export interface PickerConfirmOptions {
  multiple: boolean;
  /** Maximum number of files; absent means unlimited (console-spec §9). */
  limit?: number;
  chooseFileType?: ChooseFileType;
}

/**
 * console-spec §4 picker confirm: the chosen rows replace the value (single) or are appended
 * (multiple), cut to the limit with a warning (§5).
 */
export function confirmPickerSelection<F extends LibraryFile>(
  current: readonly F[],
  chosen: readonly F[],
  options: PickerConfirmOptions,
): SelectionResult<F> {
  const typed = filterByChooseType(chosen, options.chooseFileType ?? 'all');
  const limit = options.multiple ? options.limit : 1;
  const combined = options.multiple ? [...current, ...typed.value] : typed.value.slice(0, 1);
  if (limit !== undefined && combined.length > limit) {
    return { value: combined.slice(0, limit), notice: { key: 'selectionOverLimit', values: { limit } } };
  }
  return { value: combined, notice: typed.notice };
}

/** Moves one item to another position (drag reordering). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length || to < 0 || to >= result.length) return result;
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved as T);
  return result;
}
