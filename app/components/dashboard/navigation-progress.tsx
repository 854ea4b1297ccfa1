import { useNavigation } from "react-router";

/**
 * A thin bar along the top of the portal while a page loads or a form's answer is on its
 * way. It appears only after a moment (CSS, `animation-delay`), so a fast navigation
 * shows nothing, and it creeps towards the end without ever claiming to arrive. Screen
 * readers hear the page's own status instead (the lists' "Loading…", the buttons'
 * "Saving…"); the bar is decoration.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div aria-hidden="true" data-navigation-progress="" className="navigation-progress">
      <div />
    </div>
  );
}
