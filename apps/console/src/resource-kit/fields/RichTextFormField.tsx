// kind 'richText': a contentEditable editor with a small toolbar (bold, italic, underline, lists, link,
// image), no editor library (docs/decisions/0011-rich-text.md). The value is sanitised HTML
// (richTextHtml.ts): sanitised on every change, pasted content before it enters the editor, and the form's
// values again before they are checked and sent. Loaded lazily by the registry, DOMPurify with it.
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ResourceFormInputProps } from '../types';
import { RichTextAddressDialog, type AddressKind } from './RichTextAddressDialog';
import { sanitizeRichText } from './richTextHtml';
import { useFieldControl } from './useFieldControl';

/** Toolbar commands the browser's editing does itself (and Ctrl+B / Ctrl+I / Ctrl+U in the editor). */
type NativeCommand = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'unlink';

interface ToolbarButton {
  key: string;
  labelKey: string;
  icon: ReactNode;
  run: { native: NativeCommand } | { address: AddressKind };
  /** Shows whether the selection has it (aria-pressed). */
  toggles?: boolean;
}

const BUTTONS: readonly ToolbarButton[] = [
  { key: 'bold', labelKey: 'bold', icon: <FormatBoldIcon />, run: { native: 'bold' }, toggles: true },
  { key: 'italic', labelKey: 'italic', icon: <FormatItalicIcon />, run: { native: 'italic' }, toggles: true },
  { key: 'underline', labelKey: 'underline', icon: <FormatUnderlinedIcon />, run: { native: 'underline' }, toggles: true },
  { key: 'bulletList', labelKey: 'bulletList', icon: <FormatListBulletedIcon />, run: { native: 'insertUnorderedList' }, toggles: true },
  { key: 'numberedList', labelKey: 'numberedList', icon: <FormatListNumberedIcon />, run: { native: 'insertOrderedList' }, toggles: true },
  { key: 'link', labelKey: 'link', icon: <LinkIcon />, run: { address: 'link' } },
  { key: 'unlink', labelKey: 'unlink', icon: <LinkOffIcon />, run: { native: 'unlink' } },
  { key: 'image', labelKey: 'image', icon: <ImageIcon />, run: { address: 'image' } },
];

/** The browser's editing command; jsdom has none (the toolbar's own insertions do not need it). */
function exec(command: string, value?: string): void {
  if (typeof document.execCommand === 'function') document.execCommand(command, false, value);
}

/** Inserts a node where the selection is (replacing what it selects), then puts the caret after it. */
function insertAtRange(range: Range, node: Node): void {
  range.deleteContents();
  range.insertNode(node);
  range.setStartAfter(node);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export default function RichTextFormField({ field, required, disabled, context }: ResourceFormInputProps) {
  const control = useFieldControl(field);
  const { t } = context;
  const editor = useRef<HTMLDivElement | null>(null);
  const toolbar = useRef<HTMLDivElement | null>(null);
  /** The HTML last handed to the form: an outside change (a reset, a loaded record) differs from it. */
  const emitted = useRef<string | null>(null);
  /** Where the caret was when a toolbar dialog opened (focus moves to the dialog). */
  const savedRange = useRef<Range | null>(null);
  const [dialog, setDialog] = useState<AddressKind | null>(null);
  const [pressed, setPressed] = useState<ReadonlySet<string>>(new Set());
  const [activeButton, setActiveButton] = useState(0);
  const labelId = `${control.id}-label`;
  const helperId = `${control.id}-helper-text`;
  const value = typeof control.value === 'string' ? control.value : '';

  // The editor's DOM is the browser's while the merchant types; it is rewritten only for an outside value.
  useLayoutEffect(() => {
    if (!editor.current || value === emitted.current) return;
    const clean = sanitizeRichText(value);
    editor.current.innerHTML = clean;
    emitted.current = clean;
  }, [value]);

  useEffect(() => {
    // New lines as paragraphs rather than <div>s, which the allow-list would flatten.
    exec('defaultParagraphSeparator', 'p');
  }, []);

  const emit = () => {
    const clean = sanitizeRichText(editor.current?.innerHTML ?? '');
    if (clean === emitted.current) return;
    emitted.current = clean;
    control.onChange(clean);
  };

  const refreshPressed = () => {
    if (typeof document.queryCommandState !== 'function') return;
    setPressed(new Set(BUTTONS.filter((button) => button.toggles && 'native' in button.run && document.queryCommandState(button.run.native)).map((button) => button.key)));
  };

  const currentRange = (): Range | null => {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || !editor.current) return null;
    const range = selection.getRangeAt(0);
    return editor.current.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  /** The caret's range, or the end of the editor when the caret is elsewhere. */
  const rangeForInsert = (): Range => {
    const range = savedRange.current ?? document.createRange();
    if (!savedRange.current && editor.current) {
      range.selectNodeContents(editor.current);
      range.collapse(false);
    }
    return range;
  };

  const editorFocused = () => editor.current !== null && document.activeElement === editor.current;

  /** Back in the editor with the words selected before the toolbar took the focus (keyboard use). */
  const restoreSelection = () => {
    if (editorFocused()) return;
    editor.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };

  const run = (button: ToolbarButton) => {
    if (disabled) return;
    if ('address' in button.run) {
      if (editorFocused()) savedRange.current = currentRange();
      setDialog(button.run.address);
      return;
    }
    restoreSelection();
    exec(button.run.native);
    emit();
    refreshPressed();
  };

  const insertAddress = (kind: AddressKind, address: string, text: string) => {
    const range = rangeForInsert();
    if (kind === 'image') {
      const image = document.createElement('img');
      image.src = address;
      image.alt = text;
      insertAtRange(range, image);
    } else {
      const link = document.createElement('a');
      link.href = address;
      // The selected words become the link; with nothing selected, its text (or address) is inserted.
      link.append(range.collapsed ? document.createTextNode(text || address) : range.extractContents());
      insertAtRange(range, link);
    }
    savedRange.current = null;
    setDialog(null);
    emit();
    editor.current?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    const range = currentRange();
    if (!range) return;
    const holder = document.createElement('div');
    if (html) holder.innerHTML = sanitizeRichText(html);
    else holder.textContent = text;
    const fragment = document.createDocumentFragment();
    const last = holder.lastChild;
    fragment.append(...Array.from(holder.childNodes));
    range.deleteContents();
    range.insertNode(fragment);
    if (last) {
      range.setStartAfter(last);
      range.collapse(true);
    }
    emit();
  };

  // One tab stop for the toolbar; arrows, Home and End move between its buttons (WAI-ARIA toolbar pattern).
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: activeButton + 1, ArrowLeft: activeButton - 1, Home: 0, End: BUTTONS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + BUTTONS.length) % BUTTONS.length;
    setActiveButton(next);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  return (
    <FormControl error={Boolean(control.error)} disabled={disabled} fullWidth required={required}>
      <FormLabel id={labelId} onClick={() => editor.current?.focus()} sx={{ mb: 0.5 }}>
        {control.label}
      </FormLabel>
      <Box sx={{ border: 1, borderColor: control.error ? 'error.main' : 'divider', borderRadius: 1, '&:focus-within': { borderColor: control.error ? 'error.main' : 'primary.main' } }}>
        <Stack ref={toolbar} direction="row" role="toolbar" aria-label={t('resourceKit.fields.richText.toolbar')} aria-controls={control.id} onKeyDown={onToolbarKeyDown} sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
          {BUTTONS.map((button, index) => (
            <IconButton
              key={button.key}
              size="small"
              disabled={disabled}
              tabIndex={index === activeButton ? 0 : -1}
              aria-label={t(`resourceKit.fields.richText.${button.labelKey}`)}
              aria-pressed={button.toggles ? pressed.has(button.key) : undefined}
              // Keeps the editor's selection: the command applies to the words the merchant selected.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setActiveButton(index)}
              onClick={() => run(button)}
            >
              {button.icon}
            </IconButton>
          ))}
        </Stack>
        <Box
          ref={(element: HTMLDivElement | null) => {
            editor.current = element;
            // A failed submit focuses the first invalid field: here the editor.
            control.ref(element);
          }}
          id={control.id}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={control.helperText ? helperId : undefined}
          aria-invalid={Boolean(control.error)}
          aria-required={required}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={disabled ? -1 : 0}
          onInput={emit}
          onPaste={onPaste}
          // Dropped content would skip the paste sanitising: drops are refused.
          onDrop={(event) => event.preventDefault()}
          onKeyUp={refreshPressed}
          onMouseUp={refreshPressed}
          onBlur={(event) => {
            // To the toolbar: keep the selection for its command.
            if (event.relatedTarget instanceof Node && toolbar.current?.contains(event.relatedTarget)) {
              savedRange.current = currentRange();
              return;
            }
            // Out of the field: the editor shows exactly what will be saved.
            if (editor.current && editor.current.innerHTML !== emitted.current) editor.current.innerHTML = emitted.current ?? '';
            savedRange.current = null;
            control.onBlur();
          }}
          sx={{ minHeight: 160, maxHeight: 480, overflowY: 'auto', p: 1.5, outline: 'none', '& p': { m: 0, mb: 1 }, '& img': { maxWidth: '100%' } }}
        />
      </Box>
      {control.helperText && <FormHelperText id={helperId}>{control.helperText}</FormHelperText>}
      <RichTextAddressDialog kind={dialog} context={context} onCancel={() => setDialog(null)} onInsert={insertAddress} />
    </FormControl>
  );
}
