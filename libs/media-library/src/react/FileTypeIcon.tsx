import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import type { FileKind } from '../validation/file-rules';

const ICONS = {
  image: InsertDriveFileIcon,
  video: VideoFileIcon,
  spreadsheet: TableChartIcon,
  word: DescriptionIcon,
  audio: AudioFileIcon,
  presentation: SlideshowIcon,
  pdf: PictureAsPdfIcon,
  archive: FolderZipIcon,
  txt: TextSnippetIcon,
  other: InsertDriveFileIcon,
} satisfies Record<FileKind, unknown>;

/** The icon shown instead of a thumbnail (console-spec §2 upload dialog rows). */
export function FileTypeIcon({ kind, size = 48 }: { kind: FileKind; size?: number }) {
  const Icon = ICONS[kind];
  return <Icon data-testid={`file-icon-${kind}`} aria-label={kind} sx={{ fontSize: size }} color="action" />;
}
