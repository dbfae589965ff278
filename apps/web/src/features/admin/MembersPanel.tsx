import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminMember, adminMemberPath, adminRoleChangeSchema } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useAdminMembers, useChangeRole } from './api.ts';
import { adminAreaTexts } from './texts.ts';

const t = adminAreaTexts;

/**
 * The dialog to give `member` another role with a reason, checked with the contract's
 * `adminRoleChangeSchema` (`PATCH /api/admin/members/{id}/role`): its German errors show under
 * the field and nothing is sent.
 */
function RoleDialog({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const form = useForm({
    resolver: zodResolver(adminRoleChangeSchema),
    defaultValues: { role: member.role === 'ADMIN' ? 'SELLER' : 'ADMIN', reason: '' } as const,
  });
  const change = useChangeRole();
  const submit = form.handleSubmit((body) =>
    change.mutate({ id: member.id, ...body }, { onSuccess: onClose }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="role-dialog-title">
      <DialogTitle id="role-dialog-title">{t.roleDialogTitle(member.display_name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="role" select label={t.role}>
            <MenuItem value="SELLER">{t.roles.SELLER}</MenuItem>
            <MenuItem value="ADMIN">{t.roles.ADMIN}</MenuItem>
          </FormTextField>
          <FormTextField
            control={form.control}
            name="reason"
            label={t.reason}
            multiline
            minRows={2}
            required
          />
          {change.isError ? <Alert severity="error">{errorDetailOr(change.error, t.saveError)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button variant="contained" disabled={change.isPending} onClick={submit}>
          {t.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Member administration on /admin (SPEC.md §6): search by e-mail or name, each member with
 * role and number of ads, a link to the member page (/admin?member={id}: ads, reports,
 * sanctions), and a role change that asks for a reason (kept in the audit log).
 */
export function MembersPanel() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const members = useAdminMembers(deferred);
  const [editing, setEditing] = useState<AdminMember | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="admin-members-title">
      <CardContent>
        <Typography id="admin-members-title" variant="h6" component="h2" gutterBottom>
          {t.membersTitle}
        </Typography>
        <TextField
          label={t.memberSearch}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          fullWidth
          size="small"
        />
        {members.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorDetailOr(members.error, t.loadError)}
          </Alert>
        ) : null}
        {members.data?.length === 0 ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {t.noMembers}
          </Typography>
        ) : null}
        <List aria-label={t.membersTitle}>
          {members.data?.map((member) => (
            <ListItem
              key={member.id}
              divider
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => setEditing(member)}
                  aria-label={t.changeRoleOf(member.display_name)}
                >
                  {t.changeRole}
                </Button>
              }
            >
              <ListItemText
                sx={{ pr: 12, minWidth: 0 }}
                primary={
                  <>
                    <Link
                      component={RouterLink}
                      to={adminMemberPath(member.id)}
                      aria-label={t.openMember(member.display_name)}
                    >
                      {member.display_name}
                    </Link>
                    {` · ${t.roles[member.role]}`}
                  </>
                }
                secondary={`${member.email} · ${t.listingsCount(member.listings)}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
        {editing ? <RoleDialog member={editing} onClose={() => setEditing(null)} /> : null}
      </CardContent>
    </Card>
  );
}
