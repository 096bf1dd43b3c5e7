/** The field an unsubscribe sets on the recipient's record (contacts and leads, blueprint version 3). */
export const EMAIL_OPT_OUT_FIELD = "email_opt_out";
