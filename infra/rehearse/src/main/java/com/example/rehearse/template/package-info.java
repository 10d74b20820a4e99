/**
 * The translated template, read by the one template model ({@code com.example.template}), as
 * deployed with one set of parameter values: parameter values, conditions decided, intrinsics
 * resolved, physical names made up, dependencies known
 * ({@link com.example.rehearse.template.ResolvedTemplate}, one class per job behind it).
 */
package com.example.rehearse.template;
