import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { de } from '../i18n/de.ts';

export interface FormTextFieldProps<T extends FieldValues, TTransformed = T>
  extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> {
  /** The form's control; `TTransformed` is what its resolver hands on (the schema's output). */
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
}

/**
 * A MUI text field bound to a react-hook-form field, the one field every form of the app uses
 * (forms use react-hook-form with the contract's zod schema, STYLE.md "bulletproof-react"):
 * shows the field's German validation message (from the zod schema or set by the page after a
 * server answer) below it, else `helperText`. With `select` it is a select of its children. A
 * field of `type="password"` gets a button that shows or hides the password.
 */
export function FormTextField<T extends FieldValues, TTransformed = T>({
  control,
  name,
  type,
  helperText,
  ...props
}: FormTextFieldProps<T, TTransformed>) {
  const { field, fieldState } = useController({ control, name });
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';

  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type={isPassword && visible ? 'text' : type}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? helperText}
      fullWidth
      slotProps={
        isPassword
          ? {
              ...props.slotProps,
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={visible ? de.auth.hidePassword : de.auth.showPassword}
                      onClick={() => setVisible((shown) => !shown)}
                      edge="end"
                      size="small"
                    >
                      {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }
          : props.slotProps
      }
    />
  );
}
