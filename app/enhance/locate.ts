/**
 * "Use my location" on the locations finder: shown only where the browser can tell where
 * it is (and with JavaScript). The browser asks the visitor first; their answer goes into
 * the form's hidden latitude and longitude, rounded to about a kilometre, and the form is
 * sent as if they had pressed Search. The server works out the distances. Nothing is kept.
 */
export function initLocate(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>("form[data-location-finder]");
  const button = form?.querySelector<HTMLButtonElement>("button[data-locate]");
  const status = form?.querySelector<HTMLElement>("[data-locate-status]");
  const latitude = form?.querySelector<HTMLInputElement>("input[data-finder-latitude]");
  const longitude = form?.querySelector<HTMLInputElement>("input[data-finder-longitude]");
  const place = form?.querySelector<HTMLInputElement>("input[name=place]");
  if (!form || !button || !status || !latitude || !longitude || !place || !("geolocation" in navigator)) return;

  button.hidden = false;
  const say = (message: string) => {
    status.textContent = message;
  };
  // A place typed after a location search is the new search: the location no longer applies.
  place.addEventListener("input", () => {
    latitude.value = "";
    longitude.value = "";
  });
  // Busy rather than disabled: a disabled button would drop the keyboard focus.
  const busy = (on: boolean) => {
    if (on) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  };
  button.addEventListener("click", () => {
    if (button.getAttribute("aria-disabled") === "true") return;
    busy(true);
    say("Finding your location…");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        latitude.value = position.coords.latitude.toFixed(2);
        longitude.value = position.coords.longitude.toFixed(2);
        place.value = "";
        say("Searching near your location…");
        form.requestSubmit();
      },
      (error) => {
        busy(false);
        say(
          error.code === error.PERMISSION_DENIED
            ? "Your browser did not share your location. Type your city, state or ZIP code instead."
            : "We could not get your location. Type your city, state or ZIP code instead.",
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  });
}
