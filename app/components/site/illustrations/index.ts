import type { ComponentType } from "react";
import type { IllustrationName } from "../../../../content/schema.ts";
import { BoneStructure } from "./bone-structure.tsx";
import { BusinessGrowth } from "./business-growth.tsx";
import { ClinicScan } from "./clinic-scan.tsx";
import { ConsumerWellness } from "./consumer-wellness.tsx";
import { DevicePair } from "./device-pair.tsx";
import { DeviceV4 } from "./device-v4.tsx";
import { DeviceV5 } from "./device-v5.tsx";
import { GlucoseMetabolism } from "./glucose-metabolism.tsx";
import { Map } from "./map.tsx";
import { ResearchLab } from "./research-lab.tsx";
import { Support } from "./support.tsx";
import { Training } from "./training.tsx";
import type { IllustrationProps } from "./types.ts";

export type { IllustrationProps } from "./types.ts";

/** Every content illustration by name. */
export const illustrations = {
  "device-v5": DeviceV5,
  "device-v4": DeviceV4,
  "device-pair": DevicePair,
  "clinic-scan": ClinicScan,
  "bone-structure": BoneStructure,
  "glucose-metabolism": GlucoseMetabolism,
  "consumer-wellness": ConsumerWellness,
  "business-growth": BusinessGrowth,
  "research-lab": ResearchLab,
  training: Training,
  support: Support,
  map: Map,
} satisfies Record<IllustrationName, ComponentType<IllustrationProps>>;
