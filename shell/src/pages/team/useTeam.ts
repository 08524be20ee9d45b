import { callRoute, useNotifiedMutation } from '@printpool/platform';
import { useQuery } from '@tanstack/react-query';
import { IF_MATCH_HEADER, type InviteMemberInput, type Member, type MemberRole, type Team } from '@printpool/contracts';

export const TEAM_KEY = ['/api/team'];

export function useTeam() {
  return useQuery<Team>({ queryKey: TEAM_KEY });
}

export function useInviteMember() {
  return useNotifiedMutation({
    mutationFn: (input: InviteMemberInput) => callRoute('post /api/team/invitations', { body: input }),
    invalidates: [TEAM_KEY],
    success: ({ email }, { emailSent }) =>
      emailSent
        ? { title: 'Invitation sent', description: `An invitation to join was e-mailed to ${email}.` }
        : { title: 'Invitation saved', description: `The e-mail to ${email} could not be sent yet; it is sent again shortly.` },
    failure: { title: 'Invitation not sent', fallback: 'Failed to send the invitation' },
  });
}

export function useRevokeInvitation() {
  return useNotifiedMutation({
    mutationFn: (id: string) => callRoute('delete /api/team/invitations/:id', { params: { id } }),
    invalidates: [TEAM_KEY],
    success: { title: 'Invitation revoked' },
    failure: { title: 'Error', fallback: 'Failed to revoke the invitation' },
  });
}

export function useChangeRole() {
  return useNotifiedMutation({
    // On the member's version the page shows: a role someone changed meanwhile is not overwritten (libs/contracts versionedWrite.ts).
    mutationFn: ({ member, role }: { member: Member; role: MemberRole }) =>
      callRoute('patch /api/team/members/:id', { params: { id: member.id }, body: { role }, headers: { [IF_MATCH_HEADER]: `"${member.version}"` } }),
    invalidates: [TEAM_KEY],
    success: ({ member }) => ({ title: 'Role changed', description: `${member.name}'s role was changed.` }),
    failure: { title: 'Error', fallback: 'Failed to change the role' },
  });
}

export function useRemoveMember() {
  return useNotifiedMutation({
    mutationFn: (member: Member) => callRoute('delete /api/team/members/:id', { params: { id: member.id } }),
    invalidates: [TEAM_KEY],
    success: (member) => ({ title: 'Member removed', description: `${member.name} was removed from the company and signed out.` }),
    failure: { title: 'Error', fallback: 'Failed to remove the member' },
  });
}
