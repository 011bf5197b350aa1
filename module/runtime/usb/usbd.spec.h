/* SPDX-License-Identifier: GPL-2.0-only */
/* Exports of usbd.sys (format: exports.h). Sorted by name. */
NDL_TODO(USBD_CalculateUsbBandwidth, 3)
NDL_FN(USBD_CreateConfigurationRequest, 2)
NDL_FN(USBD_CreateConfigurationRequestEx, 2)
NDL_FN(USBD_GetInterfaceLength, 2)
NDL_FN(USBD_GetUSBDIVersion, 1)
NDL_FN(USBD_ParseConfigurationDescriptor, 3)
NDL_FN(USBD_ParseConfigurationDescriptorEx, 7)
NDL_FN(USBD_ParseDescriptors, 4)
NDL_TODO(USBD_QueryBusTime, 2)
