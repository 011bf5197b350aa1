// SPDX-License-Identifier: GPL-2.0-only
/*
 * Typed reads of an adapter's registry parameters through
 * NdisReadConfiguration, with the defaults and ranges the INF declares.
 */
#include "ndd.h"

static VOID NddInitName(PNDIS_STRING Str, PCWSTR Name)
{
	USHORT Len = 0;

	while (Name[Len])
		Len++;
	Str->Length = Len * sizeof(WCHAR);
	Str->MaximumLength = Str->Length + sizeof(WCHAR);
	Str->Buffer = (PWSTR)Name;
}

ULONG NddReadInt(NDIS_HANDLE Config, PCWSTR Name, ULONG Default, ULONG Min,
		 ULONG Max)
{
	PNDIS_CONFIGURATION_PARAMETER Param;
	NDIS_STATUS Status;
	NDIS_STRING Str;
	ULONG Value;

	NddInitName(&Str, Name);
	NdisReadConfiguration(&Status, &Param, Config, &Str,
			      NdisParameterInteger);
	if (Status != NDIS_STATUS_SUCCESS)
		return Default;
	if (Param->ParameterType != NdisParameterInteger &&
	    Param->ParameterType != NdisParameterHexInteger)
		return Default;
	Value = Param->ParameterData.IntegerData;
	return Value < Min || Value > Max ? Default : Value;
}

BOOLEAN NddReadString(NDIS_HANDLE Config, PCWSTR Name, char *Out,
		      ULONG OutSize)
{
	PNDIS_CONFIGURATION_PARAMETER Param;
	NDIS_STATUS Status;
	NDIS_STRING Str;
	ULONG i, Chars;

	if (!OutSize)
		return FALSE;
	NddInitName(&Str, Name);
	NdisReadConfiguration(&Status, &Param, Config, &Str,
			      NdisParameterString);
	if (Status != NDIS_STATUS_SUCCESS ||
	    Param->ParameterType != NdisParameterString)
		return FALSE;
	Chars = Param->ParameterData.StringData.Length / sizeof(WCHAR);
	if (Chars > OutSize - 1)
		Chars = OutSize - 1;
	for (i = 0; i < Chars; i++) {
		WCHAR C = Param->ParameterData.StringData.Buffer[i];

		Out[i] = C < 0x80 ? (char)C : '?';
	}
	Out[Chars] = '\0';
	return TRUE;
}
