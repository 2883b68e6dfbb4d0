// Addresses of the platform activity screens (issue 28 §1; console-spec §2 /marketing activity/activityList, +apply).
// Apply names its campaign with `?campaignId=`; details name their application with `?id=`.
export const ACTIVITY_BASE_PATH = '/marketing/activity/activityList';

export const ACTIVITY_PATHS = {
  list: ACTIVITY_BASE_PATH,
  apply: `${ACTIVITY_BASE_PATH}/apply`,
  details: `${ACTIVITY_BASE_PATH}/details`,
} as const;

export const applyAddress = (campaignId: number) => `${ACTIVITY_PATHS.apply}?campaignId=${encodeURIComponent(String(campaignId))}`;
export const activityDetailsAddress = (applicationId: number) => `${ACTIVITY_PATHS.details}?id=${encodeURIComponent(String(applicationId))}`;
