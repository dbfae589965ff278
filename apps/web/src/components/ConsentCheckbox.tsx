import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

export interface ConsentCheckboxProps<T extends FieldValues, TTransformed = T> {
  /** The form's control; `name` is a boolean field the schema requires to be true. */
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
  /** The label's text before the link, the link's text, and the text after it. */
  before: string;
  privacy: string;
  after: string;
}

/**
 * The consent checkbox of the app's contact forms, bound to a react-hook-form field: its label
 * links the privacy policy (/legal/datenschutz, in a new tab, so the form keeps what was typed),
 * and the field's German validation message from the zod schema shows below it.
 */
export function ConsentCheckbox<T extends FieldValues, TTransformed = T>({
  control,
  name,
  before,
  privacy,
  after,
}: ConsentCheckboxProps<T, TTransformed>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label={
          <>
            {before}
            <Link component={RouterLink} to="/legal/datenschutz" target="_blank">
              {privacy}
            </Link>
            {after}
          </>
        }
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/** The German texts of a contact form's end: the consent label's three parts and the button. */
export interface ConsentTexts {
  consentBefore: string;
  consentPrivacy: string;
  consentAfter: string;
  submit: string;
}

/**
 * The end of the app's contact forms: the consent checkbox (`ConsentCheckbox`) of field `name`,
 * then the submit button, disabled while the form is being sent (`pending`).
 */
export function ConsentAndSubmit<T extends FieldValues, TTransformed = T>({
  control,
  name,
  texts,
  pending,
}: Pick<ConsentCheckboxProps<T, TTransformed>, 'control' | 'name'> & {
  texts: ConsentTexts;
  pending: boolean;
}) {
  return (
    <>
      <ConsentCheckbox
        control={control}
        name={name}
        before={texts.consentBefore}
        privacy={texts.consentPrivacy}
        after={texts.consentAfter}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={pending}>
          {texts.submit}
        </Button>
      </Box>
    </>
  );
}
