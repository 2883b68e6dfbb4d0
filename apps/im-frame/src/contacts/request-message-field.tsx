// The optional message of a request (a friend request's or a team application's ps): a few lines, its count against
// the limit, and the limit's refusal announced on the field.
import TextField from '@mui/material/TextField';

export interface RequestMessageFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message is past its limit: the field shows `tooLongText` as an alert. */
  tooLong: boolean;
  tooLongText: string;
  /** "n / max" while within the limit. */
  countText: string;
  testId: string;
}

export function RequestMessageField({ label, value, onChange, tooLong, tooLongText, countText, testId }: RequestMessageFieldProps) {
  return (
    <TextField
      size="small"
      multiline
      minRows={2}
      maxRows={5}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={tooLong}
      helperText={tooLong ? tooLongText : countText}
      slotProps={{ htmlInput: { 'data-testid': testId }, formHelperText: { role: tooLong ? 'alert' : undefined } }}
    />
  );
}
