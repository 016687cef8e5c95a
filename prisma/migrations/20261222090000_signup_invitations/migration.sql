-- An administrator's invitation to sign up (SIGNUP=invite) is an invitation without a team: the
-- same token rules, kept in the same table.
ALTER TABLE "team_invitations" ALTER COLUMN "team_id" DROP NOT NULL;
