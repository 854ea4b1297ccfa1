import { formActions, intent } from "../../../lib/actions.server.ts";
import { aboutPerson } from "../../../../shared/contracts/flash.ts";
import {
  CreateToken,
  type CreatedToken,
  RevokeSession,
  RevokeToken,
  SignOutOthers,
  UpdatePicture,
  UpdatePreferences,
  UpdateProfile,
} from "./queries.ts";

/** Your settings' forms: each sends its mutation, and says what happened. */
export const settingsActions = formActions<CreatedToken>("/dashboard/settings?index", {
  profile: intent(UpdateProfile, () => ({ title: "Your profile is saved" })),
  picture: intent(UpdatePicture, (data) => ({ title: "Your picture is saved", ...aboutPerson(data.updatePicture) })),
  removePicture: intent(UpdatePicture, () => ({ title: "Your picture is removed" })),
  colorMode: intent(UpdatePreferences, () => ({ title: "Your colour mode is saved" })),
  notifications: intent(UpdatePreferences, () => ({ title: "Your notification choices are saved" })),
  // The one exception to post/redirect/get: the token is shown once, on this answer, and
  // never travels in a redirect or a cookie.
  createToken: intent(CreateToken, (data) => ({
    answer: {
      created: {
        token: data.createAccessToken.token,
        name: data.createAccessToken.record.name,
        expiresAt: data.createAccessToken.record.expiresAt,
      },
    },
  })),
  revokeToken: intent(RevokeToken, (data) => ({
    title: `The token ${data.revokeAccessToken.name} is revoked`,
    icon: "key",
  })),
  revokeSession: intent(RevokeSession, () => ({ title: "That browser is signed out", icon: "log-out" })),
  signOutOthers: intent(SignOutOthers, (data) => {
    const count = data.signOutOtherSessions;
    return {
      title:
        count === 0
          ? "No other browser was signed in"
          : `${count} other ${count === 1 ? "browser is" : "browsers are"} signed out`,
      icon: "log-out",
    };
  }),
});
